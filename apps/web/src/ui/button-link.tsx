import { forwardRef } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';

type AnchorButtonProps = ButtonProps & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonProps>;

const AnchorButton = forwardRef<HTMLAnchorElement, AnchorButtonProps>((props, ref) => <Button ref={ref} component="a" {...props} />);

const CreatedButtonLink = createLink(AnchorButton);

/** A Mantine button that is a router link with typed `to`, `params` and `search`. */
export const ButtonLink: LinkComponent<typeof AnchorButton> = (props) => <CreatedButtonLink preload="intent" {...props} />;
