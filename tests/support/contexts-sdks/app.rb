# Debian's sentry-ruby capturing an error with a context a team set (Sentry.set_context), nested values included.
# argv: DSN, then the context as JSON. Driven by tests/api/contexts-sdks.test.ts.
require 'json'
require 'sentry-ruby'

Sentry.init do |config|
  config.dsn = ARGV[0]
  config.background_worker_threads = 0
  config.auto_session_tracking = false if config.respond_to?(:auto_session_tracking=)
end

Sentry.set_context('order', JSON.parse(ARGV[1]))
begin
  raise ArgumentError, 'order could not be charged'
rescue ArgumentError => e
  Sentry.capture_exception(e)
end
puts 'sent'
