# Debian's sentry-ruby with its Rack middleware, which tracks each request as a session and sends them as
# aggregates. Four requests: three fine, one that raises (errored). argv: DSN.
# Driven by tests/api/release-health.test.ts.
require 'rack'
require 'rack/mock'
require 'sentry-ruby'

Sentry.init do |config|
  config.dsn = ARGV[0]
  config.release = 'rack@1.0.0'
  config.environment = 'production'
  config.background_worker_threads = 0
end

app = lambda do |env|
  raise 'checkout failed' if env['PATH_INFO'] == '/fail'

  [200, { 'content-type' => 'text/plain' }, ['ok']]
end
request = Rack::MockRequest.new(Sentry::Rack::CaptureExceptions.new(app))
['/ok', '/ok', '/fail', '/ok'].each do |path|
  request.get(path)
rescue RuntimeError
  nil
end
Sentry.session_flusher.flush
puts 'sent'
