-- Every existing user belongs to a client, or to the equipment maker's staff (client_id null).
-- Administrators are maker staff. Any other user belongs to the client of the products assigned to
-- them (the one with the most of them, then the lowest client code); a user without products stays
-- maker staff, whom only administrators manage.
UPDATE "users" SET "client_id" = "pick"."client_id"
FROM (
	SELECT DISTINCT ON ("up"."user_id") "up"."user_id", "p"."client_id"
	FROM "user_products" "up"
	INNER JOIN "products" "p" ON "p"."id" = "up"."product_id"
	INNER JOIN "clients" "c" ON "c"."id" = "p"."client_id"
	GROUP BY "up"."user_id", "p"."client_id", "c"."code"
	ORDER BY "up"."user_id", count(*) DESC, "c"."code"
) AS "pick"
WHERE "pick"."user_id" = "users"."id"
	AND NOT EXISTS (
		SELECT 1 FROM "user_roles" "ur" INNER JOIN "roles" "r" ON "r"."id" = "ur"."role_id"
		WHERE "ur"."user_id" = "users"."id" AND "r"."name" = 'admin'
	);--> statement-breakpoint
-- A receipt's reversal had the reason `receipt`; it has its own reason now. The ledger is append-only,
-- so its guard is lifted for this one correction of the reason label only.
ALTER TABLE "stock_log" DISABLE TRIGGER "stock_log_append_only";--> statement-breakpoint
UPDATE "stock_log" SET "reason" = 'reversal'
WHERE "reason" = 'receipt' AND "direction" = 'out' AND "source_type" = 'rebarReceive';--> statement-breakpoint
ALTER TABLE "stock_log" ENABLE TRIGGER "stock_log_append_only";
