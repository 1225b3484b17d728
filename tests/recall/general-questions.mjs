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
