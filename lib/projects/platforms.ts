import type { PlatformId } from '@/lib/zod/projects';

/**
 * Every platform a project can be made for (Sentry's SDKs, by the names Sentry gives them, plus our first six), with
 * what the setup page shows for it: how to install that SDK and the `init` call with the project's Sentry DSN.
 * The first six keep their names from before (`react`, `nextjs`: Sentry calls them `javascript-react`,
 * `javascript-nextjs`).
 */
export type PlatformGroup = 'Browser' | 'Server' | 'Mobile' | 'Desktop and games' | 'Other';

export type Platform = {
  id: PlatformId;
  label: string;
  group: PlatformGroup;
  /** The SDK's package (shown as the card's heading). */
  sdk?: string;
  /** The shell command (or manifest line) that installs it. */
  install?: { label: string; code: string };
  /** Where the init goes, and the code, given the project's Sentry DSN. */
  init?: { label: string; code: (dsn: string) => string };
};

/** A JavaScript SDK from npm: `extra` lines of init options, `where` the init goes. */
const js = (pkg: string, extra = '', where = 'Initialise it before your app code runs') => ({
  sdk: pkg,
  install: { label: 'Install', code: `npm install ${pkg}` },
  init: {
    label: where,
    code: (dsn: string) => `import * as Sentry from '${pkg}';

Sentry.init({
  dsn: '${dsn}',
  tracesSampleRate: 1.0,${extra}
});`,
  },
});

const python = (framework?: string) => ({
  sdk: 'sentry-sdk',
  install: { label: 'Install', code: 'pip install --upgrade sentry-sdk' },
  init: {
    label: framework
      ? `Initialise it before your ${framework} app is created (its integration turns on by itself)`
      : 'Initialise it as early as possible',
    code: (dsn: string) => `import sentry_sdk

sentry_sdk.init(
    dsn="${dsn}",
    traces_sample_rate=1.0,
)`,
  },
});

export const PLATFORM_CATALOG: readonly Platform[] = [
  {
    id: 'javascript',
    label: 'Browser JavaScript',
    group: 'Browser',
    ...js('@sentry/browser', '\n  integrations: [Sentry.browserTracingIntegration()],'),
  },
  {
    id: 'react',
    label: 'React',
    group: 'Browser',
    ...js('@sentry/react', '\n  integrations: [Sentry.browserTracingIntegration()],'),
  },
  {
    id: 'nextjs',
    label: 'Next.js',
    group: 'Browser',
    ...js(
      '@sentry/nextjs',
      '',
      'instrumentation-client.ts and sentry.server.config.ts (imported from instrumentation.ts)',
    ),
  },
  {
    id: 'node',
    label: 'Node.js',
    group: 'Server',
    ...js('@sentry/node', '', 'instrument.mjs, loaded first: node --import ./instrument.mjs app.mjs'),
  },
  { id: 'python', label: 'Python', group: 'Server', ...python() },
  { id: 'other', label: 'Other', group: 'Other' },

  { id: 'javascript-vue', label: 'Vue', group: 'Browser', ...js('@sentry/vue', '\n  app,') },
  { id: 'javascript-angular', label: 'Angular', group: 'Browser', ...js('@sentry/angular') },
  { id: 'javascript-svelte', label: 'Svelte', group: 'Browser', ...js('@sentry/svelte') },
  { id: 'javascript-sveltekit', label: 'SvelteKit', group: 'Browser', ...js('@sentry/sveltekit') },
  { id: 'javascript-remix', label: 'Remix', group: 'Browser', ...js('@sentry/remix') },
  { id: 'javascript-nuxt', label: 'Nuxt', group: 'Browser', ...js('@sentry/nuxt') },
  { id: 'javascript-astro', label: 'Astro', group: 'Browser', ...js('@sentry/astro') },
  {
    id: 'node-express',
    label: 'Express',
    group: 'Server',
    ...js(
      '@sentry/node',
      '',
      'instrument.mjs, loaded first; then Sentry.setupExpressErrorHandler(app) after your routes',
    ),
  },
  { id: 'node-nestjs', label: 'NestJS', group: 'Server', ...js('@sentry/nestjs') },
  { id: 'bun', label: 'Bun', group: 'Server', ...js('@sentry/bun') },
  { id: 'deno', label: 'Deno', group: 'Server', ...js('npm:@sentry/deno') },
  { id: 'cloudflare-workers', label: 'Cloudflare Workers', group: 'Server', ...js('@sentry/cloudflare') },
  { id: 'python-django', label: 'Django', group: 'Server', ...python('Django') },
  { id: 'python-flask', label: 'Flask', group: 'Server', ...python('Flask') },
  { id: 'python-fastapi', label: 'FastAPI', group: 'Server', ...python('FastAPI') },
  { id: 'python-celery', label: 'Celery', group: 'Server', ...python('Celery') },
  {
    id: 'go',
    label: 'Go',
    group: 'Server',
    sdk: 'sentry-go',
    install: { label: 'Install', code: 'go get github.com/getsentry/sentry-go' },
    init: {
      label: 'In main, before anything else',
      code: (dsn) => `err := sentry.Init(sentry.ClientOptions{
	Dsn:              "${dsn}",
	EnableTracing:    true,
	TracesSampleRate: 1.0,
})
if err != nil {
	log.Fatalf("sentry.Init: %s", err)
}
// Send what is buffered before the program exits.
defer sentry.Flush(2 * time.Second)`,
    },
  },
  {
    id: 'ruby',
    label: 'Ruby',
    group: 'Server',
    sdk: 'sentry-ruby',
    install: { label: 'Gemfile', code: 'gem "sentry-ruby"' },
    init: {
      label: 'As early as possible',
      code: (dsn) => `require "sentry-ruby"

Sentry.init do |config|
  config.dsn = "${dsn}"
  config.traces_sample_rate = 1.0
end`,
    },
  },
  {
    id: 'ruby-rails',
    label: 'Rails',
    group: 'Server',
    sdk: 'sentry-rails',
    install: { label: 'Gemfile', code: 'gem "sentry-ruby"\ngem "sentry-rails"' },
    init: {
      label: 'config/initializers/sentry.rb',
      code: (dsn) => `Sentry.init do |config|
  config.dsn = "${dsn}"
  config.breadcrumbs_logger = [:active_support_logger, :http_logger]
  config.traces_sample_rate = 1.0
end`,
    },
  },
  {
    id: 'php',
    label: 'PHP',
    group: 'Server',
    sdk: 'sentry/sentry',
    install: { label: 'Install', code: 'composer require sentry/sentry' },
    init: {
      label: 'As early as possible',
      code: (dsn) => `\\Sentry\\init([\n    'dsn' => '${dsn}',\n    'traces_sample_rate' => 1.0,\n]);`,
    },
  },
  {
    id: 'php-laravel',
    label: 'Laravel',
    group: 'Server',
    sdk: 'sentry/sentry-laravel',
    install: { label: 'Install', code: 'composer require sentry/sentry-laravel' },
    init: { label: '.env', code: (dsn) => `SENTRY_LARAVEL_DSN=${dsn}\nSENTRY_TRACES_SAMPLE_RATE=1.0` },
  },
  {
    id: 'php-symfony',
    label: 'Symfony',
    group: 'Server',
    sdk: 'sentry/sentry-symfony',
    install: { label: 'Install', code: 'composer require sentry/sentry-symfony' },
    init: { label: '.env', code: (dsn) => `SENTRY_DSN="${dsn}"` },
  },
  {
    id: 'java',
    label: 'Java',
    group: 'Server',
    sdk: 'io.sentry:sentry',
    install: { label: 'Gradle', code: "implementation 'io.sentry:sentry:8.+'" },
    init: {
      label: 'At startup',
      code: (dsn) => `import io.sentry.Sentry;

Sentry.init(options -> {
    options.setDsn("${dsn}");
    options.setTracesSampleRate(1.0);
});`,
    },
  },
  {
    id: 'java-spring-boot',
    label: 'Spring Boot',
    group: 'Server',
    sdk: 'io.sentry:sentry-spring-boot-starter-jakarta',
    install: { label: 'Gradle', code: "implementation 'io.sentry:sentry-spring-boot-starter-jakarta:8.+'" },
    init: { label: 'application.properties', code: (dsn) => `sentry.dsn=${dsn}\nsentry.traces-sample-rate=1.0` },
  },
  {
    id: 'kotlin',
    label: 'Kotlin',
    group: 'Server',
    sdk: 'io.sentry:sentry',
    install: { label: 'Gradle', code: 'implementation("io.sentry:sentry:8.+")' },
    init: {
      label: 'At startup',
      code: (dsn) => `import io.sentry.Sentry

Sentry.init { options ->
    options.dsn = "${dsn}"
    options.tracesSampleRate = 1.0
}`,
    },
  },
  {
    id: 'dotnet',
    label: '.NET',
    group: 'Server',
    sdk: 'Sentry',
    install: { label: 'Install', code: 'dotnet add package Sentry' },
    init: {
      label: 'At startup; dispose it on exit to flush',
      code: (dsn) => `using var sentry = SentrySdk.Init(options =>
{
    options.Dsn = "${dsn}";
    options.TracesSampleRate = 1.0;
});`,
    },
  },
  {
    id: 'dotnet-aspnetcore',
    label: 'ASP.NET Core',
    group: 'Server',
    sdk: 'Sentry.AspNetCore',
    install: { label: 'Install', code: 'dotnet add package Sentry.AspNetCore' },
    init: {
      label: 'Program.cs',
      code: (dsn) => `builder.WebHost.UseSentry(options =>
{
    options.Dsn = "${dsn}";
    options.TracesSampleRate = 1.0;
});`,
    },
  },
  {
    id: 'rust',
    label: 'Rust',
    group: 'Server',
    sdk: 'sentry',
    install: { label: 'Install', code: 'cargo add sentry' },
    init: {
      label: 'First thing in main; keep the guard alive',
      code: (dsn) => `let _guard = sentry::init(("${dsn}", sentry::ClientOptions {
    release: sentry::release_name!(),
    traces_sample_rate: 1.0,
    ..Default::default()
}));`,
    },
  },
  {
    id: 'elixir',
    label: 'Elixir',
    group: 'Server',
    sdk: 'sentry',
    install: { label: 'mix.exs', code: '{:sentry, "~> 10.0"},\n{:hackney, "~> 1.8"}' },
    init: {
      label: 'config/config.exs',
      code: (dsn) => `config :sentry,\n  dsn: "${dsn}",\n  environment_name: Mix.env()`,
    },
  },
  {
    id: 'cocoa',
    label: 'Apple (iOS, macOS)',
    group: 'Mobile',
    sdk: 'sentry-cocoa',
    install: { label: 'Swift Package Manager', code: 'https://github.com/getsentry/sentry-cocoa.git' },
    init: {
      label: 'In your app delegate or App init',
      code: (dsn) => `import Sentry

SentrySDK.start { options in
    options.dsn = "${dsn}"
    options.tracesSampleRate = 1.0
}`,
    },
  },
  {
    id: 'android',
    label: 'Android',
    group: 'Mobile',
    sdk: 'sentry-android',
    install: { label: 'app/build.gradle', code: "plugins {\n  id 'io.sentry.android.gradle' version '5.+'\n}" },
    init: {
      label: 'AndroidManifest.xml, inside <application>',
      code: (dsn) => `<meta-data android:name="io.sentry.dsn" android:value="${dsn}" />
<meta-data android:name="io.sentry.traces.sample-rate" android:value="1.0" />`,
    },
  },
  {
    id: 'flutter',
    label: 'Flutter',
    group: 'Mobile',
    sdk: 'sentry_flutter',
    install: { label: 'Install', code: 'flutter pub add sentry_flutter' },
    init: {
      label: 'main.dart',
      code: (dsn) => `Future<void> main() async {
  await SentryFlutter.init(
    (options) {
      options.dsn = '${dsn}';
      options.tracesSampleRate = 1.0;
    },
    appRunner: () => runApp(const MyApp()),
  );
}`,
    },
  },
  { id: 'react-native', label: 'React Native', group: 'Mobile', ...js('@sentry/react-native') },
  { id: 'electron', label: 'Electron', group: 'Desktop and games', ...js('@sentry/electron/main') },
  {
    id: 'unity',
    label: 'Unity',
    group: 'Desktop and games',
    sdk: 'io.sentry.unity',
    install: {
      label: 'Package Manager → Add package from git URL',
      code: 'https://github.com/getsentry/unity.git#3.0.0',
    },
    init: { label: 'Tools → Sentry: paste the DSN', code: (dsn) => dsn },
  },
  {
    id: 'native',
    label: 'Native (C, C++)',
    group: 'Desktop and games',
    sdk: 'sentry-native',
    install: {
      label: 'CMake',
      code: 'add_subdirectory(sentry-native)\ntarget_link_libraries(app PRIVATE sentry::sentry)',
    },
    init: {
      label: 'At startup; sentry_close() on exit',
      code: (dsn) => `sentry_options_t *options = sentry_options_new();
sentry_options_set_dsn(options, "${dsn}");
sentry_init(options);`,
    },
  },
];

const BY_ID = new Map<string, Platform>(PLATFORM_CATALOG.map((p) => [p.id, p]));

/** The catalog entry of a project's platform (unknown ids, from older data, read as Other). */
export function platformOf(id: string): Platform {
  return BY_ID.get(id) ?? BY_ID.get('other')!;
}

/** The catalog by group, in the order the picker shows them. */
export function platformsByGroup(): [PlatformGroup, Platform[]][] {
  const order: PlatformGroup[] = ['Browser', 'Server', 'Mobile', 'Desktop and games', 'Other'];
  return order.map((g) => [g, PLATFORM_CATALOG.filter((p) => p.group === g)]);
}
