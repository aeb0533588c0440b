/** The product page as the early actions meet it (size-price, quantity and add-to-cart tests). */
/** Badri Cow Ghee's 295gm line, as its size's `data-cart-item` holds it. */
export const line = {
  product_retailer_id: '3-295gm',
  productId: 3,
  name: 'Badri Cow Ghee',
  size: '295gm',
  price: 1067,
  weight: 295,
  quantity: 1,
  image: '',
};

/** The product page's size, price, stepper and Add to Cart, as ProductDetail renders them. */
export const productPage = () => {
  document.body.innerHTML = `<div class="product-detail">
    <fieldset class="size-selector"><input type="radio" name="s" value="120gm" data-early="size" checked data-cart-item='${JSON.stringify({ ...line, product_retailer_id: '3-120gm', size: '120gm', price: 499 })}'>
    <input type="radio" name="s" value="295gm" data-early="size" data-cart-item='${JSON.stringify(line)}'></fieldset>
    <p class="product-detail__price" data-size="120gm">₹499</p><p class="product-detail__price" data-size="295gm" hidden>₹1,067</p>
    <div class="product-detail__buy"><fieldset class="stepper"><button class="stepper__button" disabled>−</button>
    <input class="stepper__input" value="1" min="1" max="99"><button class="stepper__button">+</button></fieldset>
    <button data-early="add-to-cart">Add to Cart</button></div></div>
    <a class="site-header__cart"><span class="site-header__badge" hidden></span></a>`;
};
