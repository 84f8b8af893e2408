"""Browser tests share the `browser` and `page` fixtures of tests/conftest.py."""
