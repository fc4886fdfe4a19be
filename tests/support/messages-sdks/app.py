"""Debian's python3-sentry-sdk sending messages with their stack (attach_stacktrace). argv: DSN.
Driven by tests/api/messages-sdks.test.ts."""
import sys

import sentry_sdk

sentry_sdk.init(dsn=sys.argv[1], attach_stacktrace=True, auto_session_tracking=False, default_integrations=False)


def nightly_report(text):
    sentry_sdk.capture_message(text)


def cleanup(text):
    sentry_sdk.capture_message(text)


for text in ["Disk almost full", "Disk almost full", "Cache warmed"]:
    nightly_report(text)
cleanup("Disk almost full")
sentry_sdk.flush(5)
print("sent")
