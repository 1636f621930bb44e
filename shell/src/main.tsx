// Module federation needs an async boundary before shared modules are used.
void import('./bootstrap.js');
