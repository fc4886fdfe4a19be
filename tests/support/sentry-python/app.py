"""A small program using Debian's python3-sentry-sdk as an application would; driven by tests/api/sentry-python.test.ts."""
import logging
import sys
import time

import sentry_sdk
from sentry_sdk.integrations.logging import LoggingIntegration

sentry_sdk.init(
    dsn=sys.argv[1],
    release="billing@2.4.0",
    environment="test",
    server_name="worker-1",
    traces_sample_rate=1.0,
    # No sessions or worker threads beyond the transport: the test waits for what is sent.
    auto_session_tracking=False,
    integrations=[LoggingIntegration(level=logging.INFO, event_level=logging.ERROR)],
)
sentry_sdk.set_tag("tenant", "acme")
sentry_sdk.set_user({"id": "42", "email": "ada@example.com"})
sentry_sdk.set_extra("job", {"attempt": 3})


def parse_amount(text):
    return int(text)


def load_invoice(text):
    try:
        return parse_amount(text)
    except ValueError as err:
        raise RuntimeError("could not load invoice") from err


try:
    load_invoice("12,50")
except RuntimeError:
    sentry_sdk.capture_exception()

sentry_sdk.capture_message("Disk almost full")
sentry_sdk.capture_message("Cache warmed")

logging.getLogger().setLevel(logging.INFO)
log = logging.getLogger("billing.payments")
log.info("a breadcrumb only")
log.error("Payment %s failed for user %d", "p_123", 7)
log.error("Payment %s failed for user %d", "p_456", 8)

with sentry_sdk.start_transaction(op="task", name="nightly-report"):
    with sentry_sdk.start_span(op="db", description="SELECT invoices"):
        time.sleep(0.05)

sentry_sdk.flush(timeout=10)
print("sent")
