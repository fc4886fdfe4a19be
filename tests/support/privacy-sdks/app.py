"""Debian's python3-sentry-sdk serving one WSGI request that fails, as a Python web app would.
argv: DSN, then a JSON object of secrets. Driven by tests/api/privacy-sdks.test.ts."""
import json
import sys
from wsgiref.util import setup_testing_defaults

import sentry_sdk
from sentry_sdk.integrations.wsgi import SentryWsgiMiddleware

secrets = json.loads(sys.argv[2])
# send_default_pii: the SDK sends cookies, auth headers and the client address itself; our scrubber must filter them.
sentry_sdk.init(dsn=sys.argv[1], send_default_pii=True, auto_session_tracking=False, default_integrations=False)


def app(environ, start_response):
    sentry_sdk.set_extra("password", secrets["password"])
    sentry_sdk.add_breadcrumb(category="http", message="POST /login", data={"url": "/login", "api_key": secrets["apiKey"]})
    raise ValueError("card %s declined" % secrets["card"])


environ = {}
setup_testing_defaults(environ)
environ.update({
    "REQUEST_METHOD": "POST",
    "PATH_INFO": "/checkout",
    "QUERY_STRING": "access_token=%s&step=2" % secrets["queryToken"],
    "HTTP_AUTHORIZATION": "Bearer %s" % secrets["bearer"],
    "HTTP_COOKIE": "sessionid=%s; theme=dark" % secrets["cookie"],
    "REMOTE_ADDR": "198.51.100.77",
})
try:
    SentryWsgiMiddleware(app)(environ, lambda status, headers: None)
except ValueError:
    pass
sentry_sdk.flush(5)
print("sent")
