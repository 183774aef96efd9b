import { sliderImageListOut, sliderImageOut } from '../catalogue.ts';
import { endpoint, listQuery, multipart } from '../endpoint.ts';

/**
 * Storefront slider images. Staff send form data: the file `image` (required on create) and the
 * fields linkUrl, index and status; deleting is for good. The storefront reads the active ones.
 */
export const sliderEndpoints = {
  list: endpoint({ method: 'GET', path: 'slider-images', access: 'readAll-sliderImages', query: listQuery(), answer: sliderImageListOut }),
  publicList: endpoint({ method: 'GET', path: 'slider-images/public', access: 'public', query: listQuery(), answer: sliderImageListOut }),
  get: endpoint({ method: 'GET', path: 'slider-images/:id', access: 'readSingle-sliderImages', answer: sliderImageOut }),
  create: endpoint({
    method: 'POST',
    path: 'slider-images',
    access: 'create-sliderImages',
    body: multipart,
    answer: sliderImageOut,
    status: 201,
  }),
  update: endpoint({ method: 'POST', path: 'slider-images/:id', access: 'update-sliderImages', body: multipart, answer: sliderImageOut }),
  replace: endpoint({ method: 'PUT', path: 'slider-images/:id', access: 'update-sliderImages', body: multipart, answer: sliderImageOut }),
  delete: endpoint({ method: 'DELETE', path: 'slider-images/:id', access: 'delete-sliderImages', answer: sliderImageOut }),
};
