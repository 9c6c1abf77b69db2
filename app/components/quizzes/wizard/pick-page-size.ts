/** Page size of the wizard's pick lists (spec 9's default), shared by the list route and its pager. */
export const PICK_PAGE_SIZE = 10;
