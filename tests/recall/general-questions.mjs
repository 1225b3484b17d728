// Questions that need nothing from a session, in the words people use for them rather than "in general, …": each
// asks for advice or knowledge about a kind of thing, and names nothing the session did. bench/recall.mjs asks every
// one of them of every tuning session's store (they pass when nothing is injected), apart from the sessions' own
// questions that need nothing (which are mostly phrased "in general, …").
//
// WRITTEN_FOR_RECALL24 were written to find how ranked-v2 answered such questions, and the `recall24` rule
// (src/rank/query.rs, `asks_for_knowledge`) was read from them: they measure tuning. WRITTEN_AFTER were written once
// that rule was in, and one word was added from them (`the pros and cons of …`); they measure little else of it.

export const WRITTEN_FOR_RECALL24 = [
  "What's the difference between a mutex and a semaphore?",
  "Can you explain how TCP slow start works?",
  "How does garbage collection work in Go?",
  "What is a good way to structure a monorepo?",
  "When would you use Redis streams instead of Kafka?",
  "Is it better to use UUIDs or serial ids as primary keys?",
  "What are best practices for Dockerfile layering?",
  "Explain eventual consistency like I'm five.",
  "Any tips for writing idempotent consumers?",
  "How do I pick between REST and gRPC for internal services?",
  "What does the CAP theorem say?",
  "Why do people say premature optimization is the root of all evil?",
  "Should I learn Rust or Go first?",
  "Genel olarak mikroservis mimarisinin dezavantajları neler?",
  "Bir mutex ile semaphore arasındaki fark nedir?",
  "Kubernetes'te liveness ve readiness probe farkı ne?",
  "Docker imajlarını küçültmek için genel tavsiyelerin neler?",
  "Explain the difference between optimistic and pessimistic locking.",
  "What's a sensible default for HTTP client timeouts in general?",
  "How do blue-green deployments differ from canary releases?",
  "What is the purpose of a write-ahead log?",
  "Is Postgres or MySQL better for a new project?",
  "Can you summarise what SOLID stands for?",
  "what's idiomatic error handling in go",
  "how do feature flags usually get cleaned up",
  "thoughts on using sqlite in production?",
  "what's the point of a service mesh",
  "explain backpressure",
  "Ne zaman event sourcing kullanmak mantıklı?",
  "REST ile GraphQL arasında nasıl seçim yaparsın?",
];

export const WRITTEN_AFTER = [
  "What's the difference between a process and a coroutine?",
  "Could you explain how consistent hashing works?",
  "When should I use a message queue instead of direct HTTP calls?",
  "Any best practices for naming Kafka topics?",
  "Thoughts on trunk-based development vs git flow?",
  "What are the pros and cons of server-side rendering?",
  "Explain CQRS briefly.",
  "How would you design a rate limiter?",
  "What's a bloom filter good for?",
  "Is there a rule of thumb for connection pool sizing?",
  "What does ACID stand for?",
  "Should I use an ORM or raw SQL?",
  "When do you reach for a circuit breaker?",
  "explain how JWT refresh tokens work",
  "tips for reviewing large pull requests?",
  "Bir cache ile CDN arasındaki fark nedir?",
  "Redis'i ne zaman kullanmak mantıklı?",
  "Mikroservislerin avantajları ve dezavantajları neler?",
  "Monolith ile mikroservis arasında nasıl seçim yaparsın?",
  "Kod incelemesi için tavsiyen ne?",
];

// Questions about the tools of one session (keyed by the session's name), asked of that session's store: advice or
// knowledge about the very things the session worked on, the hardest case for a question that needs nothing. They
// pass when nothing is injected.
//
// ABOUT_THE_SESSIONS_TOOLS_FOR_RECALL31 were written to find how ranked-v2 answers such questions (26 of the first
// 68 and 22 of the next 47 got something), and the `recall31` forms were read from them ("tradeoffs", "is it
// worth", "your take", "under the hood", "ELI5", `sence`, …): they measure tuning.
// ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL31 were written once those forms were in, to see whether they carry over:
// 28 of 46 got something with the forms and without them (2026-12-06), i.e. they do not ("how do X compare to Y",
// "what usually causes …", "should …"). Nothing was read from them until `recall37` (2026-12-06, 23:30 UTC), whose
// forms were read from them: they measure tuning since (28 -> 6 of 46).
export const ABOUT_THE_SESSIONS_TOOLS_FOR_RECALL31 = {
  "marlin": [
    "what are the tradeoffs of provisioned concurrency vs just living with cold starts?",
    "any tips for structuring dynamodb single-table designs?",
    "is it worth learning step functions or should i just chain lambdas",
    "what's the point of a dlq if you have retries anyway",
    "ELI5 the lambda execution environment lifecycle",
    "how do people usually handle idempotency in serverless apis",
    "whats the idiomatic way to paginate a dynamodb query in the v3 sdk",
    "is sqs fifo slower than standard in practice?",
    "what's a sane default for lambda memory size?",
    "do you think dynamodb on-demand is cheaper for spiky traffic?",
    "how does lambda provisioned concurrency get billed, in a nutshell",
    "why do people complain about dynamodb gsi throttling so much?",
  ],
  "ayva": [
    "what are the tradeoffs of horizon vs supervisor-managed queue workers?",
    "is it worth moving from php-fpm to octane in general?",
    "best way to structure service classes in a laravel app?",
    "how should i think about redis eviction policies",
    "what does opcache actually cache, roughly",
    "laravel'de job batching genel olarak ne zaman mantıklı?",
    "redis'te maxmemory policy'ler arasındaki fark ne, genel olarak?",
    "is laravel octane production ready these days, in your opinion?",
    "what's better for a small shop, meilisearch or algolia?",
    "how do mysql covering indexes help, in a nutshell",
    "php-fpm pm=dynamic mi ondemand mı, sence hangisi daha iyi?",
    "redis persistence için rdb mi aof mu tercih edilir genelde?",
  ],
  "juniper": [
    "whats the point of cloud tasks if we already have pub/sub",
    "any tips for writing fast django orm queries in general?",
    "is gunicorn or uvicorn better for a django app, generally",
    "how do people usually structure celery tasks vs cloud tasks",
    "ELI5 what a database connection pooler does",
    "what are the tradeoffs of terraform workspaces vs separate state files?",
    "what would you recommend for background jobs in django these days?",
    "in your experience, is cloud run good for long-running workers?",
    "how do django migrations handle renames under the hood?",
    "what's your take on graphql for internal apis?",
  ],
  "pusula": [
    "what are the tradeoffs of nats jetstream vs kafka?",
    "is it worth using pgx directly instead of database/sql?",
    "how do people usually handle graceful shutdown in go services",
    "go'da context iptali genel olarak nasıl yayılıyor?",
    "any tips for profiling goroutine leaks in general",
    "whats the idiomatic way to do retries with backoff in go",
    "in your opinion, is grpc streaming worth the complexity?",
    "what's the usual way to version protobuf messages?",
    "go'da hata sarmalama için en iyi pratik ne?",
    "how does the go scheduler handle blocking syscalls, in a nutshell",
  ],
  "yelken": [
    "what are the tradeoffs of tokio vs async-std these days?",
    "is sqlx or diesel the better choice in general",
    "any tips for keeping rust compile times down?",
    "tokio'da spawn_blocking genel olarak ne zaman kullanılır?",
    "ELI5 how pin works in rust",
    "how do people usually structure an axum app",
    "what's your take on anyhow vs thiserror?",
    "do you prefer tokio-postgres or sqlx?",
    "how does rust's borrow checker deal with closures, in a nutshell",
    "rust'ta async trait'ler neden bu kadar zordu?",
  ],
  "cobalt": [
    "what are the tradeoffs of ef core vs dapper?",
    "is minimal api or controllers better for a new .net service, generally",
    "any tips for writing efficient linq queries",
    "how should i think about rate limiting algorithms: token bucket vs sliding window",
    "whats the point of IHostedService vs a plain background thread",
    "what's your take on mediatr in .net projects?",
    "is polly still the go-to for retries in .net?",
    "how does ef core change tracking work under the hood?",
    "c#'ta record ile class arasındaki temel fark ne?",
  ],
  "lodos": [
    "what are the tradeoffs of g1 vs zgc in general?",
    "is it worth tuning kafka consumer fetch sizes, generally",
    "how do people usually size a jvm heap inside a container",
    "resilience4j mi spring retry mi, genel olarak hangisi?",
    "ELI5 what a circuit breaker does",
    "what's a reasonable kafka partition count for a new topic, in your experience?",
    "do you prefer spring webflux or plain mvc?",
    "how does kafka consumer rebalancing work under the hood?",
  ],
  "pebble": [
    "what are the tradeoffs of expo vs bare react native?",
    "is hermes always faster, in general?",
    "any tips for debugging push notifications on ios in general",
    "how should i think about feature flags vs remote config",
    "what's your take on redux toolkit vs zustand?",
    "is react native's new architecture worth migrating to yet, in your opinion?",
    "how does flatlist virtualization work under the hood?",
  ],
  "kervan": [
    "what are the tradeoffs of eager loading everything by default?",
    "is pest or phpunit nicer in general",
    "vite mi webpack mi genel olarak daha hızlı?",
    "how do people usually schedule jobs in laravel apps",
    "any tips for shrinking a js bundle in general",
    "what's your take on inertia vs a separate spa?",
    "do you prefer livewire or vue for admin panels?",
    "laravel'de queue driver olarak redis mi database mi önerirsin?",
  ],
  "harbor": [
    "what are the tradeoffs of airflow vs dagster?",
    "how should i think about timezones in scheduled pipelines in general",
    "is it worth using the taskflow api in airflow",
    "any tips for idempotent dags",
    "what's your take on dbt vs plain sql in airflow?",
    "in your experience do sensors in airflow cause problems?",
    "how does the airflow scheduler decide when to run a dag, in a nutshell",
  ],
  "kestrel": [
    "what are the tradeoffs of freertos vs zephyr?",
    "how do people usually size task stacks on a cortex-m",
    "any tips for debugging hard faults in general",
    "is it worth using rust for embedded these days",
    "what's your take on using dma for spi transfers?",
    "in your experience, how much heap does freertos usually need?",
    "how does a watchdog timer work, in a nutshell",
  ],
  "storefront": [
    "what are the tradeoffs of server components vs client components?",
    "any tips for keeping a next.js bundle small in general",
    "is tailwind worth it in general",
    "what's your take on next.js app router vs pages router?",
    "do you prefer swr or react query?",
  ],
  "billing": [
    "what are the tradeoffs of stripe checkout vs elements?",
    "how do people usually handle webhook retries in general",
    "is it worth writing integration tests against the stripe test mode",
    "what's your take on stripe billing vs building subscriptions ourselves?",
    "is it better to store money as integers or decimals?",
  ],
  "data-platform": [
    "what are the tradeoffs of parquet vs avro?",
    "how should i think about partitioning a data lake",
    "is dbt worth it for a small team",
    "what's your take on airflow vs prefect?",
    "do you prefer delta lake or iceberg?",
  ],
};

export const ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL31 = {
  "marlin": [
    "how do lambda layers compare to bundling deps with esbuild?",
    "are step functions express workflows cheaper than standard ones?",
    "what causes hot partitions in dynamodb typically?",
    "should lambdas share one big iam role or get one each?",
  ],
  "ayva": [
    "how do php fibers differ from threads?",
    "what usually causes mysql deadlocks?",
    "is horizon overkill for a tiny app?",
    "laravel'de n+1 sorgularını tespit etmenin yolları neler?",
    "mysql'de index seçerken nelere dikkat etmek lazım?",
  ],
  "juniper": [
    "how is asgi different from wsgi?",
    "what usually makes django admin slow?",
    "does cloud sql proxy add much latency typically?",
    "should i use celery beat or cloud scheduler for cron stuff?",
  ],
  "pusula": [
    "how do go channels compare to mutexes for shared state?",
    "what usually causes goroutine leaks?",
    "nats'ta at-least-once ile exactly-once nasıl farklı?",
    "should every service own its own postgres database?",
  ],
  "yelken": [
    "how do rust enums compare to java sealed classes?",
    "what usually causes deadlocks in async rust?",
    "should i box errors or define an enum per crate?",
    "rust'ta clone kullanmak kötü bir alışkanlık mı?",
  ],
  "cobalt": [
    "how does dependency injection scope work in asp.net core, scoped vs transient?",
    "what usually causes ef core queries to be slow?",
    "should i use records for dtos?",
  ],
  "lodos": [
    "how does java's gc pause time scale with heap size?",
    "what usually causes consumer lag in kafka?",
    "spring boot'ta profile'lar nasıl çalışıyor?",
    "should i use kotlin coroutines instead of virtual threads?",
  ],
  "pebble": [
    "how do react native bridges differ from jsi?",
    "what usually causes memory leaks in react native apps?",
    "should i use expo router or react navigation?",
  ],
  "kervan": [
    "how do laravel queues compare to symfony messenger?",
    "what usually causes 419 errors in laravel?",
    "should eloquent models hold business logic?",
  ],
  "harbor": [
    "how do airflow pools compare to task concurrency limits?",
    "what usually causes zombie tasks in airflow?",
    "should dags be generated dynamically from config?",
  ],
  "kestrel": [
    "how do mutexes differ from binary semaphores in freertos?",
    "what usually causes usb enumeration to fail on stm32?",
    "should isr handlers ever allocate memory?",
  ],
  "storefront": [
    "how does incremental static regeneration work?",
    "should product pages be statically generated?",
  ],
  "billing": [
    "how do idempotency keys work in payment apis?",
    "should invoices be immutable once issued?",
  ],
  "data-platform": [
    "how does spark decide the number of partitions?",
    "should raw data be stored as json or parquet?",
  ],
};

// ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL37 were written (2026-12-06, 23:25 UTC) before the `recall37` forms were built
// from ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL31, by the same hand, and not read while building them (only their count
// was: 22 of 39 got something before the forms, 9 after): whether those forms carry over.
export const ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL37 = {
  "marlin": [
    "is single-table design in dynamodb typically worth the complexity?",
    "how does sqs long polling work, in short?",
    "what's a sensible default memory size for a node lambda?",
  ],
  "ayva": [
    "how do laravel jobs differ from events and listeners?",
    "what normally goes wrong with php-fpm under heavy load?",
    "opcache ayarlarında en çok neye dikkat edilmeli?",
  ],
  "juniper": [
    "when is select_related better than prefetch_related?",
    "should celery tasks be idempotent?",
    "how do django signals compare with overriding save()?",
  ],
  "pusula": [
    "what commonly causes context deadline exceeded errors in go?",
    "how is a nats stream different from a consumer?",
    "is it okay to share one pgx pool across goroutines?",
  ],
  "yelken": [
    "how do tokio tasks differ from os threads?",
    "should a systemd unit restart on failure by default?",
    "sqlx ile diesel arasında ne fark var?",
  ],
  "cobalt": [
    "what typically makes service bus messages go to the dead letter queue?",
    "should ef core migrations run at app startup?",
    "how does azure app configuration compare to key vault for settings?",
  ],
  "lodos": [
    "what usually makes a kafka consumer group rebalance a lot?",
    "how do g1 and zgc compare for latency?",
    "should circuit breakers live in the client library or the mesh?",
  ],
  "pebble": [
    "how does eas update differ from a store release?",
    "what usually causes a red screen in a release build?",
    "should feature flags be evaluated on the server or the client?",
  ],
  "kervan": [
    "how do laravel horizon and plain queue workers compare?",
    "what commonly causes n+1 queries with eloquent?",
    "is redis a good choice for laravel sessions?",
  ],
  "harbor": [
    "should airflow tasks be atomic?",
    "how do celery prefetch settings affect long tasks, typically?",
    "what's the difference between a dag run's logical date and its start date?",
  ],
  "kestrel": [
    "how does a watchdog timer differ from a hard fault handler?",
    "what usually eats stack in freertos tasks?",
    "should firmware versions be embedded at build time?",
  ],
  "storefront": [
    "how do server components compare to client components?",
    "what typically makes a next.js bundle big?",
  ],
  "billing": [
    "should refunds be a separate ledger entry?",
    "how do webhooks usually get retried by payment providers?",
  ],
  "data-platform": [
    "how does dbt incremental differ from a full refresh?",
    "what commonly causes skew in spark joins?",
  ],
};
