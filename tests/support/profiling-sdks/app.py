# A Python WSGI app profiled by Debian's sentry-python (#47): `python3 app.py <dsn> [release]` serves one request
# through SentryWsgiMiddleware with profiles_sample_rate 1.0 (a transaction `profile` item, Sentry's version 1),
# spending about 600 ms of CPU in compute_invoice_totals inside a span. Prints the trace id, then `sent`.
import sys
import time

import sentry_sdk
from sentry_sdk.integrations.wsgi import SentryWsgiMiddleware
from wsgiref.util import setup_testing_defaults

dsn = sys.argv[1]
release = sys.argv[2] if len(sys.argv) > 2 else "checkout@1.0.0"
sentry_sdk.init(dsn=dsn, release=release, traces_sample_rate=1.0, _experiments={"profiles_sample_rate": 1.0})


def compute_invoice_totals(ms):
    end = time.time() + ms / 1000
    h = 0
    while time.time() < end:
        for i in range(20000):
            h = (h * 31 + i) % 1000003
    return h


trace_id = None


def app(environ, start_response):
    global trace_id
    with sentry_sdk.start_span(op="function", description="compute-totals") as span:
        trace_id = span.trace_id
        compute_invoice_totals(600)
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"ok"]


environ = {}
setup_testing_defaults(environ)
environ["PATH_INFO"] = "/checkout"
b"".join(SentryWsgiMiddleware(app)(environ, lambda status, headers: None))
sentry_sdk.flush()
print(trace_id)
print("sent")
