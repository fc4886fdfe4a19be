# Debian's sentry-ruby sending messages (it attaches the calling thread's stack). argv: DSN.
# Driven by tests/api/messages-sdks.test.ts.
require 'sentry-ruby'

Sentry.init do |config|
  config.dsn = ARGV[0]
  config.background_worker_threads = 0
end

def nightly_report(text)
  Sentry.capture_message(text)
end

def cleanup(text)
  Sentry.capture_message(text)
end

['Disk almost full', 'Disk almost full', 'Cache warmed'].each { |text| nightly_report(text) }
cleanup('Disk almost full')
puts 'sent'
