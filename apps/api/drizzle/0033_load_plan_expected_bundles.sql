ALTER TABLE "load_plan_bundle" DROP CONSTRAINT "load_plan_bundle_plan_id_bundle_id_pk";--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ALTER COLUMN "bundle_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD COLUMN "task_output_id" uuid;--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD COLUMN "count" integer;--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD COLUMN "pieces" integer;--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD COLUMN "weight_grams" bigint;--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD CONSTRAINT "load_plan_bundle_task_output_id_task_output_id_fk" FOREIGN KEY ("task_output_id") REFERENCES "public"."task_output"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "load_plan_bundle_plan_bundle_unique" ON "load_plan_bundle" USING btree ("plan_id","bundle_id");--> statement-breakpoint
CREATE INDEX "load_plan_bundle_output_idx" ON "load_plan_bundle" USING btree ("task_output_id");--> statement-breakpoint
ALTER TABLE "load_plan_bundle" ADD CONSTRAINT "load_plan_bundle_planned" CHECK ("load_plan_bundle"."bundle_id" is not null or ("load_plan_bundle"."task_output_id" is not null and "load_plan_bundle"."number" > 0 and "load_plan_bundle"."count" >= "load_plan_bundle"."number" and "load_plan_bundle"."pieces" > 0 and "load_plan_bundle"."weight_grams" >= 0));