import type { PageInfo } from "../../core/shared/contract.js";

export interface Paging {
  page: number;
  limit: number;
}

export function offsetOf({ page, limit }: Paging): number {
  return (page - 1) * limit;
}

export function pageInfo({ page, limit }: Paging, totalRecords: number, pageRecords: number): PageInfo {
  return { page, limit, totalRecords, pageRecords };
}
