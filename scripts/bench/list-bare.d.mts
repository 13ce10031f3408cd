/** The page query of GET /api/user/all?companyId&status&sort=createdAt&order=DESC, as the server renders it. */
export declare const PAGE_SQL: string;
