"""Debian's python3-sentry-sdk, for the upgrade test (tests/api/upgrade.test.ts): the same errors from the same
call sites, sent to the old version and then to today's. argv: DSN. Prints `sent` once flushed."""
import sys

import sentry_sdk

sentry_sdk.init(
    dsn=sys.argv[1],
    release="billing-worker@1.3.0",
    environment="production",
    auto_session_tracking=False,
    # Messages carry their stack: the case grouping versions 2 and 3 changed (version 1 projects must keep theirs).
    attach_stacktrace=True,
    default_integrations=False,
)


def compute_ratio(paid, total):
    return paid / total


def load_invoice(invoices, key):
    return invoices[key]


for total in [0, 0]:
    try:
        compute_ratio(10, total)
    except Exception:
        sentry_sdk.capture_exception()
try:
    load_invoice({}, "inv-42")
except Exception:
    sentry_sdk.capture_exception()


def nightly_report():
    sentry_sdk.capture_message("quota report ready")


def cleanup():
    sentry_sdk.capture_message("quota report ready")


nightly_report()
cleanup()
sentry_sdk.flush(10)
print("sent")
