// What `social budget set` parses (index.ts) and its run reads (run.ts).

export interface BudgetSetOptions {
  name: string;
  credits: number;
  per: 'month' | 'day' | null;
}
