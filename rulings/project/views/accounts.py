"""Signing up: a new account, logged in at once, then back to where the visitor was.

Sign-ups are throttled per client address (`THROTTLE_RATES["signup"]`), and `next` is
followed only to a page of this site, as the login page does.
"""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from rulings.knowledge import throttles
from rulings.knowledge.clients import client_address
from ..login import remember_browser


def safe_next(request, default):
    """`next` from the query or form when it points into this site; else `default`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return default


def signup(request):
    if request.user.is_authenticated:
        return redirect(safe_next(request, "quiz"))
    if request.method == "POST":
        refusal = throttles.refused(request, "signup", client_address(request))
        if refusal is not None:
            return refusal
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(request, "Welcome: your quizzes are now kept in your history.")
        response = redirect(safe_next(request, "quiz"))
        remember_browser(request, response, user)
        return response
    return render(request, "registration/signup.html",
                  {"form": form, "next": safe_next(request, "")})
