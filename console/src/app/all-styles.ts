/**
 * Every Mantine component's styles, in the `mantine` cascade layer, for the pages loaded on
 * demand. The first page loads only its own components' styles (main.tsx); the layer keeps
 * the order of the two harmless, and the console's own CSS modules (outside any layer) win
 * over both.
 */
import '@mantine/core/styles.layer.css';
