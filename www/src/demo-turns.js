// The protocol's §6 demo: the reference's 8 turns and its multi-intent question, exactly as in
// tests/vectors/fold_demo.json and the CLI's `contextfold demo` (a test checks both stay equal).
export const DEMO_TURNS = [
  { stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\nPostgreSQL running on port 5433" },
  { stepId: 91, summary: "PostgreSQL switched to Port 5434 (conflict resolution)", rawContent: "$ psql -p 5434 -U admin\nConflict resolved on port 5434" },
  { stepId: 137, summary: "PostgreSQL port 5434 reverted back to Port 5433", rawContent: "$ sed -i 's/5434/5433/' config.env\nPostgreSQL Port 5433 restored" },
  { stepId: 200, summary: "Authentication middleware refactored; JWT secret rotated", rawContent: "JWT secret updated in auth/middleware.py" },
  { stepId: 318, summary: "Migration V12 applied to production database", rawContent: "$ python manage.py migrate V12__TenantBilling.sql\nMigration V12 applied" },
  { stepId: 342, summary: "Migration V12 rolled back due to deadlocks", rawContent: "Deadlock detected in billing table; rolled back V12" },
  { stepId: 447, summary: "Migration V12 patched and re-applied successfully", rawContent: "Patched V12__TenantBilling.sql with row-level locks; migration complete" },
  { stepId: 499, summary: "Final review: all services healthy, Port 5433 confirmed", rawContent: "All health checks passing on port 5433" },
];

export const DEMO_QUERY = "What port are we using for PostgreSQL, and which migration applied the billing table?";

export const DEMO_RECALL = "PostgreSQL port";
