CREATE TABLE "document_sequence" (
	"product_id" uuid NOT NULL,
	"prefix" varchar(8) NOT NULL,
	"day" varchar(8) NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "document_sequence_product_id_prefix_day_pk" PRIMARY KEY("product_id","prefix","day")
);
--> statement-breakpoint
CREATE TABLE "rebar_receive" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"rebar_id" uuid NOT NULL,
	"supplier" varchar(100) NOT NULL,
	"heat_no" varchar(50) NOT NULL,
	"length" integer NOT NULL,
	"bundles" integer NOT NULL,
	"bar_count" integer NOT NULL,
	"weight_grams" bigint NOT NULL,
	"receive_date" date NOT NULL,
	"remark" varchar(500),
	"status" varchar(16) DEFAULT 'received' NOT NULL,
	"reversed_time" timestamp with time zone,
	"reversed_by" uuid,
	"reverse_reason" varchar(200),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "stock_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stock_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"stock_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"direction" varchar(3) NOT NULL,
	"rebar_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"heat_no" varchar(50) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"weight_grams" bigint NOT NULL,
	"balance_after" integer NOT NULL,
	"balance_weight_grams_after" bigint NOT NULL,
	"reason" varchar(16) NOT NULL,
	"source_type" varchar(32) NOT NULL,
	"source_id" uuid,
	"source_code" varchar(32),
	"remark" varchar(500),
	"operator_id" uuid,
	"operator_name" varchar(64),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "stock_log_quantity_positive" CHECK ("stock_log"."quantity" > 0),
	CONSTRAINT "stock_log_direction" CHECK ("stock_log"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"rebar_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"heat_no" varchar(50) DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"weight_grams" bigint DEFAULT 0 NOT NULL,
	"log_count" integer DEFAULT 0 NOT NULL,
	"last_move_time" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "stock_quantity_not_negative" CHECK ("stock"."quantity" >= 0),
	CONSTRAINT "stock_weight_not_negative" CHECK ("stock"."weight_grams" >= 0)
);
--> statement-breakpoint
ALTER TABLE "document_sequence" ADD CONSTRAINT "document_sequence_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD CONSTRAINT "rebar_receive_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD CONSTRAINT "rebar_receive_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD CONSTRAINT "rebar_receive_rebar_id_rebars_id_fk" FOREIGN KEY ("rebar_id") REFERENCES "public"."rebars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebar_receive" ADD CONSTRAINT "rebar_receive_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_rebar_id_rebars_id_fk" FOREIGN KEY ("rebar_id") REFERENCES "public"."rebars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_rebar_id_rebars_id_fk" FOREIGN KEY ("rebar_id") REFERENCES "public"."rebars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rebar_receive_code_unique" ON "rebar_receive" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "rebar_receive_product_date_idx" ON "rebar_receive" USING btree ("product_id","receive_date");--> statement-breakpoint
CREATE INDEX "stock_log_product_kind_time_idx" ON "stock_log" USING btree ("product_id","kind","creation_time","seq");--> statement-breakpoint
CREATE INDEX "stock_log_stock_time_idx" ON "stock_log" USING btree ("stock_id","creation_time","seq");--> statement-breakpoint
CREATE INDEX "stock_log_product_kind_rebar_time_idx" ON "stock_log" USING btree ("product_id","kind","rebar_id","creation_time","seq");--> statement-breakpoint
CREATE INDEX "stock_log_product_kind_reason_time_idx" ON "stock_log" USING btree ("product_id","kind","reason","creation_time","seq");--> statement-breakpoint
CREATE INDEX "stock_log_product_kind_direction_time_idx" ON "stock_log" USING btree ("product_id","kind","direction","creation_time","seq");--> statement-breakpoint
CREATE INDEX "stock_log_source_idx" ON "stock_log" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "stock_log_product_kind_source_code_idx" ON "stock_log" USING btree ("product_id","kind","source_code" varchar_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_identity_unique" ON "stock" USING btree ("product_id","kind","rebar_id","length","heat_no");--> statement-breakpoint
CREATE INDEX "stock_product_kind_idx" ON "stock" USING btree ("product_id","kind");--> statement-breakpoint
CREATE FUNCTION "stock_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_log is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_log_append_only" BEFORE UPDATE OR DELETE ON "stock_log" FOR EACH ROW EXECUTE FUNCTION "stock_log_append_only"();
