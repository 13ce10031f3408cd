export * from './period';
export * from './outcomes';
export * from './reports';
export * from './quarters';
