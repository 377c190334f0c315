export async function seedDemandOrders(): Promise<void> {}
