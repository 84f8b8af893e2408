"""Logging in, throttled: after too many failed attempts from one address or for one account
name, further attempts are refused for a while (HTTP 429), so passwords cannot be guessed
at speed. Counts live in the cache (shared between app servers when the cache is)."""
import hashlib

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.shortcuts import render


def _keys(request):
    address = request.META.get("REMOTE_ADDR", "unknown")
    name = str(request.POST.get("username", "")).strip().lower()[:150]
    digest = hashlib.sha256(name.encode()).hexdigest()[:32]
    return [f"login-fail:ip:{address}", f"login-fail:user:{digest}"]


def _blocked(request):
    return any((cache.get(key) or 0) >= settings.LOGIN_ATTEMPTS for key in _keys(request))


class ThrottledLoginView(auth_views.LoginView):
    def post(self, request, *args, **kwargs):
        if _blocked(request):
            minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
            return render(request, "registration/throttled.html", {"minutes": minutes},
                          status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        for key in _keys(self.request):
            cache.add(key, 0, settings.LOGIN_LOCKOUT_SECONDS)
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, settings.LOGIN_LOCKOUT_SECONDS)
        return super().form_invalid(form)

    def form_valid(self, form):
        cache.delete_many(_keys(self.request))
        return super().form_valid(form)
