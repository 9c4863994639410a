import { AddProductForm } from '../../../features/products/components/add-product-form.tsx';

/** Add a Product (admin): the new tool shows first on the home page. */
export default function AddProductPage() {
  return (
    <section aria-labelledby="add-product-heading" className="flex max-w-3xl flex-col gap-6">
      <header>
        <h2 id="add-product-heading" className="text-2xl font-bold text-primary">
          Add a Product
        </h2>
        <p className="text-base-content/70">New tools appear first on the home page as soon as they are added.</p>
      </header>
      <AddProductForm />
    </section>
  );
}
