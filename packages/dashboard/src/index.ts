export { startDashboard, type Dashboard, type DashboardOptions } from './dashboard.js';
