-- Re-planning released work (a breakdown's proposal, a move) was the task list's dispatch; it is its own
-- permission now (issue 35). Every role and user that could dispatch keeps re-planning, and the maker's
-- planner template role gets it, as the seed gives it to a new database's planner.
INSERT INTO "role_permissions" ("role_id", "name")
SELECT "role_id", 'intelligentProcess.taskCenter.task.replan' FROM "role_permissions"
WHERE "name" = 'intelligentProcess.taskCenter.task.dispatch'
UNION
SELECT "id", 'intelligentProcess.taskCenter.task.replan' FROM "roles" WHERE "name" = 'planner' AND "client_id" IS NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "user_permissions" ("user_id", "name")
SELECT "user_id", 'intelligentProcess.taskCenter.task.replan' FROM "user_permissions"
WHERE "name" = 'intelligentProcess.taskCenter.task.dispatch'
ON CONFLICT DO NOTHING;
