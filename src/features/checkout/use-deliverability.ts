import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api/index.ts';
import type { Serviceability } from '../../shop/pincodes/index.ts';

/**
 * Whether the carrier delivers to the pincode, asked as soon as six digits are typed, with the
 * same call as the product page's delivery check. Undefined while unknown (not asked yet, asking,
 * or the carrier could not be asked): unknown never blocks an order (docs/shop-rules.md §5).
 */
export function useDeliverability(pincode: string): Serviceability | undefined {
  const [answer, setAnswer] = useState<{ pincode: string; serviceability: Serviceability }>();

  useEffect(() => {
    if (!/^\d{6}$/.test(pincode)) return;
    let current = true;
    void callApi(`/api/pincode/${pincode}`, { response: (schemas) => schemas.pincodeCheckResponseSchema }).then(
      (result) => {
        if (!current || !result.ok) return;
        const { serviceable, prepaid, cod } = result.data;
        if (serviceable === null || prepaid === null || cod === null) return;
        setAnswer({ pincode, serviceability: { serviceable, prepaid, cod } });
      },
    );
    return () => {
      current = false;
    };
  }, [pincode]);

  return answer?.pincode === pincode ? answer.serviceability : undefined;
}
