// "default" layout: the page plus the footer.
import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from './brand';
import { Footer } from './footer';

export function DefaultLayout() {
  return (
    <Box data-layout="default" mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container size="lg" py="lg" style={{ flex: 1 }} w="100%" component="main" id="main">
        <Box mb="lg">
          <Brand />
        </Box>
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}
