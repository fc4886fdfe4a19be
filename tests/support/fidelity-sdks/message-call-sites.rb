# Debian's sentry-ruby sending one message from one method, reached from two call sites of another (it attaches the
# calling thread's stack, so the callers' frames differ in line and source line). argv: DSN.
# Driven by tests/api/sdk-fidelity.test.ts.
require 'sentry-ruby'

Sentry.init do |config|
  config.dsn = ARGV[0]
  config.background_worker_threads = 0
end

def nightly_report(text)
  Sentry.capture_message(text)
end

def check_disk(free_gb)
  return nightly_report('Disk almost full') if free_gb < 1
  nightly_report('Disk almost full') if free_gb < 10
end

check_disk(5)
check_disk(0)
puts 'sent'
