package io.clusterbench.ab;

import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * An ordinary least-squares fit y = Xβ + ε that allows a rank-deficient X (a design whose effects are not all
 * estimable, e.g. an incomplete Williams cycle): β from the Moore–Penrose pseudo-inverse (singular value
 * decomposition, Apache Commons Math), and for a linear function c'β whether it is estimable (c in the row space of
 * X), its estimate and its standard error σ̂·√(c'(X'X)⁺c), σ̂² = RSS/(n − rank). Immutable.
 */
final class LeastSquares {
    private static final double TOLERANCE = 1e-9;
    private final RealMatrix pinv;
    private final RealMatrix projection;
    private final double[] beta;
    private final int rank;
    private final int n;
    private final double rss;

    private LeastSquares(RealMatrix pinv, RealMatrix projection, double[] beta, int rank, int n, double rss) {
        this.pinv = pinv;
        this.projection = projection;
        this.beta = beta;
        this.rank = rank;
        this.n = n;
        this.rss = rss;
    }

    /**
     * @param x n rows of p columns (n &gt;= 1, p &gt;= 1)
     * @param y n values
     * @return the fit
     */
    static LeastSquares fit(double[][] x, double[] y) {
        RealMatrix m = MatrixUtils.createRealMatrix(x);
        SingularValueDecomposition svd = new SingularValueDecomposition(m);
        RealMatrix pinv = svd.getSolver().getInverse();
        double[] beta = pinv.operate(y);
        double[] fitted = m.operate(beta);
        double rss = 0;
        for (int i = 0; i < y.length; i++) {
            rss += (y[i] - fitted[i]) * (y[i] - fitted[i]);
        }
        return new LeastSquares(pinv, pinv.multiply(m), beta, svd.getRank(), y.length, rss);
    }

    /** @return n − rank: the residual degrees of freedom */
    int df() {
        return n - rank;
    }

    /** @return √(RSS/df), NaN without residual degrees of freedom */
    double sigma() {
        return df() > 0 ? Math.sqrt(rss / df()) : Double.NaN;
    }

    /** @return true when c'β is estimable: c lies in the row space of X (X⁺X c = c) */
    boolean estimable(double[] c) {
        double[] pc = projection.operate(c);
        for (int i = 0; i < c.length; i++) {
            if (Math.abs(pc[i] - c[i]) > TOLERANCE * (1 + Math.abs(c[i]))) {
                return false;
            }
        }
        return true;
    }

    /** @return c'β̂ (unique when {@link #estimable}) */
    double estimate(double[] c) {
        double s = 0;
        for (int i = 0; i < c.length; i++) {
            s += c[i] * beta[i];
        }
        return s;
    }

    /** @return the standard error of c'β̂, σ̂·‖(X⁺)'c‖ (c'(X'X)⁺c = ‖(X⁺)'c‖²) */
    double se(double[] c) {
        return se(c, sigma());
    }

    /**
     * @param sigma the residual standard deviation to use in place of σ̂ (e.g. σ̂ raised to a known floor)
     * @return sigma·‖(X⁺)'c‖
     */
    double se(double[] c, double sigma) {
        double[] v = pinv.preMultiply(c);
        double ss = 0;
        for (double x : v) {
            ss += x * x;
        }
        return sigma * Math.sqrt(ss);
    }

    /** @return the unit vector of coefficient {@code i} among {@code p} */
    static double[] unit(int p, int i) {
        double[] c = new double[p];
        c[i] = 1;
        return c;
    }
}
