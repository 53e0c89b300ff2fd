// "empty" layout (login, terms): just the page, centred, and the footer.
import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from './brand';
import { Footer } from './footer';

export function EmptyLayout() {
  return (
    <Box data-layout="empty" mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container size="sm" py="xl" style={{ flex: 1 }} w="100%" component="main" id="main">
        <Box mb="xl">
          <Brand />
        </Box>
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}
