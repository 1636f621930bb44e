// Moved to the plugin test kit (issue 11 item 5): the kernel's own tests use what plugins get.
export * from '@atende/sdk-server/testing';
