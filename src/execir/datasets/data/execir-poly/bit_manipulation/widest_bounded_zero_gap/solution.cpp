#include <iostream>

int widestGap(long long n) {
    int best = 0;
    int gap = -1;
    while (n > 0) {
        if (n & 1) {
            if (gap > best) best = gap;
            gap = 0;
        } else if (gap >= 0) {
            gap++;
        }
        n >>= 1;
    }
    return best;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long n;
        std::cin >> n;
        std::cout << widestGap(n) << "\n";
    }
    return 0;
}
