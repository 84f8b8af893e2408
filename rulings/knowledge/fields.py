"""Model fields that behave the same on SQLite and PostgreSQL."""
from django.db import models


class OrderedJSONField(models.JSONField):
    """A JSONField that keeps the order of object keys on PostgreSQL too.

    Django's JSONField is a `jsonb` column there, which sorts keys (by length, then bytes);
    this one is a `json` column, which keeps the text as written. For data that is written
    back out in its own order: an article's parameters and terms become its file's front
    matter again byte for byte, and its anchors are listed in the order the text has them.
    Key lookups (`field__key`) are not used on it: `json` has no operators for them.
    """

    def db_type(self, connection):
        if connection.vendor == "postgresql":
            return "json"
        return super().db_type(connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        if connection.vendor != "postgresql":
            return super().get_db_prep_value(value, connection, prepared)
        from django.db.backends.postgresql.psycopg_any import is_psycopg3

        if not prepared:
            value = self.get_prep_value(value)
        if is_psycopg3:
            from psycopg.types.json import Json
        else:
            from psycopg2.extras import Json
        return Json(value, dumps=lambda data: self.dumps(data))

    def dumps(self, data):
        import json

        return json.dumps(data, cls=self.encoder)

    def from_db_value(self, value, expression, connection):
        if connection.vendor == "postgresql" and not isinstance(value, str):
            return value  # the driver already decoded the json column, in its order
        return super().from_db_value(value, expression, connection)
