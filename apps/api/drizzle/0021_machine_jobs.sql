CREATE TABLE "machine_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "machine_job_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payload" jsonb NOT NULL,
	"state" varchar(16) DEFAULT 'sent' NOT NULL,
	"good" integer DEFAULT 0 NOT NULL,
	"scrap" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"state_at" timestamp with time zone,
	"withdraw_reason" varchar(16),
	"withdrawn_at" timestamp with time zone,
	"withdrawal_sent_at" timestamp with time zone,
	CONSTRAINT "machine_job_state_check" CHECK ("machine_job"."state" in ('sent', 'accepted', 'started', 'paused', 'completed', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "machine_job" ADD CONSTRAINT "machine_job_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_job" ADD CONSTRAINT "machine_job_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_job" ADD CONSTRAINT "machine_job_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_job" ADD CONSTRAINT "machine_job_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "machine_job_seq_unique" ON "machine_job" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "machine_job_task_idx" ON "machine_job" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "machine_job_unsent_idx" ON "machine_job" USING btree ("equipment_id","seq") WHERE "machine_job"."sent_at" is null or ("machine_job"."withdrawn_at" is not null and "machine_job"."withdrawal_sent_at" is null);