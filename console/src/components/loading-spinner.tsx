import { Center } from '@mantine/core';
import spinnerUrl from '../assets/spinner.svg';
import classes from './loading-spinner.module.css';

type LoadingSpinnerProps = {
  /** Pixel size of the square spinner. */
  size?: number;
  /** Inline spinners sit in the flow (next to a button); block spinners are centred with room. */
  inline?: boolean;
};

/** The one loading indicator of the console: an image with alt text 'Loading...' (spec 01 §2). */
export function LoadingSpinner({ size = 48, inline = false }: LoadingSpinnerProps) {
  const image = <img className={classes.spinner} src={spinnerUrl} alt="Loading..." width={size} height={size} />;
  if (inline) return <span role="status">{image}</span>;
  return (
    <Center role="status" py="xl">
      {image}
    </Center>
  );
}
