"""A name for a device or a passkey from the browser's User-Agent ("Chrome on Android"): a
short explicit mapping (the few browsers and systems Kobo's customers use); the customer can
rename either."""

from __future__ import annotations

BROWSERS = (
    ("EdgA/", "Edge"),
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
)
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Mac OS X", "Mac"),
    ("Windows", "Windows"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def browser_label(user_agent: str, fallback: str = "Browser") -> str:
    browser = next((name for token, name in BROWSERS if token in user_agent), None)
    if browser is None and "Safari/" in user_agent:
        browser = "Safari"
    system = next((name for token, name in SYSTEMS if token in user_agent), None)
    if browser and system:
        return f"{browser} on {system}"
    return browser or system or fallback
