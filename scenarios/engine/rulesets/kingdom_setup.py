"""Kingdom Duels Setup Phase and Rule Cards.

(Being built: the Setup Phase in its order, Setup Rule cards and their limits,
the Duelist Setup hand swap, Keyword and Reliance Rule Cards, Symbol charges.)
"""

# Article parameters this part of the ruleset reads (added to KingdomDuel.PARAMETERS).
SETUP_PARAMETERS = ()
SETUP_RULES = ()


class SetupPhase:
    """The Setup Phase and the Rule Zone, mixed into the Kingdom Duels ruleset."""
