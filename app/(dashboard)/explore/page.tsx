import type { Metadata } from 'next';
import { Suspense } from 'react';
import { datasetCatalog } from '@/lib/explore/registry';
import { ExploreView } from '@/components/explore/explore-view';

export const metadata: Metadata = { title: 'Explore' };

// The datasets' fields come from the server: the page's pickers offer them, the SQL behind them stays here.
export default function ExplorePage() {
  return (
    <Suspense>
      <ExploreView catalog={datasetCatalog()} />
    </Suspense>
  );
}
