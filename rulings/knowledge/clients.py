"""Who is asking: the client's address as the site's own proxies saw it.

Behind a proxy the socket's address is the proxy's, so every visitor would share one
count. The proxy appends the address it saw to `X-Forwarded-For`; with
`TRUSTED_PROXIES = n` the n-th address from the right is the one the outermost trusted
proxy saw. Addresses further left were written by the client and are never believed.
IPv6 clients are counted per /64 network, the block one subscriber usually holds.
"""
import ipaddress

from django.conf import settings


def client_address(request):
    """The address to count this request's client by (a /64 network for IPv6)."""
    address = _forwarded_address(request) or request.META.get("REMOTE_ADDR", "")
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return "unknown"
    if parsed.version == 6:
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def _forwarded_address(request):
    proxies = getattr(settings, "TRUSTED_PROXIES", 0)
    header = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies <= 0 or not header:
        return None
    addresses = [part.strip() for part in header.split(",")[-64:] if part.strip()]
    if not addresses:
        return None
    return addresses[-min(proxies, len(addresses))]
