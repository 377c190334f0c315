ALTER TABLE "stock" DROP CONSTRAINT "stock_identity_unique";--> statement-breakpoint
ALTER TABLE "stock_log" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_identity_unique" UNIQUE NULLS NOT DISTINCT("product_id","kind","rebar_id","length","heat_no","order_line_id","held","location_id");