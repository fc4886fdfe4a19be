"""Debian's python3-sentry-sdk capturing an error with a context a team set (set_context), nested values included.
argv: DSN, then the context as JSON. Driven by tests/api/contexts-sdks.test.ts."""
import json
import sys

import sentry_sdk

sentry_sdk.init(dsn=sys.argv[1], auto_session_tracking=False)
sentry_sdk.set_context("order", json.loads(sys.argv[2]))
try:
    raise RuntimeError("order could not be charged")
except RuntimeError:
    sentry_sdk.capture_exception()
sentry_sdk.flush(5)
print("sent")
