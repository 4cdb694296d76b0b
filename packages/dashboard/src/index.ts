export { DashboardRefused, isLoopback, startDashboard, type Dashboard, type DashboardOptions } from './dashboard.js';
