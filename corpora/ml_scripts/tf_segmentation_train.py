"""Trains a tiny segmentation head with a custom TensorFlow loop."""
import numpy as np
import tensorflow as tf
from sklearn.model_selection import train_test_split

tf.random.set_seed(5)
np.random.seed(5)  # seeds the numpy draws and scikit-learn's split below

images = np.random.rand(256, 64, 64, 3).astype("float32")  # ok: ML205
masks = (np.random.rand(256, 64, 64, 1) > 0.5).astype("float32")
x_train, x_val, y_train, y_val = train_test_split(images, masks, test_size=0.25)  # ok: ML206 (numpy is seeded)

model = tf.keras.Sequential([tf.keras.layers.Conv2D(8, 3, padding="same", activation="relu"), tf.keras.layers.Conv2D(1, 1)])
optimizer = tf.keras.optimizers.Adam(1e-3)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=tf.sigmoid(logits)))  # expect: ML203
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def pixel_log_likelihood(x, y):
    probs = tf.nn.softmax(model(x), axis=-1)
    return tf.reduce_mean(tf.math.log(probs) * y)  # expect: ML202


for epoch in range(2):
    for start in range(0, len(x_train), 32):
        train_step(x_train[start : start + 32], y_train[start : start + 32])
    model.fit(x_val, y_val, epochs=1, verbose=0)  # expect: ML207
