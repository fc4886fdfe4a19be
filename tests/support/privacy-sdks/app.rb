# Debian's sentry-ruby handling one Rack request that fails, as a Ruby web app would.
# argv: DSN, then a JSON object of secrets. Driven by tests/api/privacy-sdks.test.ts.
require 'json'
require 'rack'
require 'sentry-ruby'

secrets = JSON.parse(ARGV[1])
Sentry.init do |config|
  config.dsn = ARGV[0]
  config.send_default_pii = true
  config.background_worker_threads = 0
  config.auto_session_tracking = false if config.respond_to?(:auto_session_tracking=)
end

env = Rack::MockRequest.env_for(
  "/checkout?access_token=#{secrets['queryToken']}&step=2",
  method: 'POST',
  'HTTP_AUTHORIZATION' => "Bearer #{secrets['bearer']}",
  'HTTP_COOKIE' => "sessionid=#{secrets['cookie']}; theme=dark",
  'HTTP_X_API_KEY' => secrets['apiKey'],
  'REMOTE_ADDR' => '198.51.100.79',
  input: "password=#{secrets['formPassword']}&item=book"
)
env['CONTENT_TYPE'] = 'application/x-www-form-urlencoded'

Sentry.with_scope do |scope|
  scope.set_rack_env(env)
  scope.set_extras(password: secrets['password'])
  Sentry.add_breadcrumb(Sentry::Breadcrumb.new(category: 'http', message: 'POST /login', data: { url: '/login', api_key: secrets['apiKey'] }))
  begin
    raise ArgumentError, "card #{secrets['card']} declined"
  rescue ArgumentError => e
    Sentry.capture_exception(e)
  end
end
puts 'sent'
