"""Signals of the scenarios app: the quiz bank listens to recorded verdicts."""
from django.dispatch import Signal

# Verdicts were stored: slugs (the scenarios whose verdicts were recorded), run (VerificationRun).
verdicts_recorded = Signal()
