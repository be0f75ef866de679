#include <iostream>

long long extractField(long long n, int start, int length) {
    if (start < 0 || length < 0) return -1;
    return (n >> start) & ((1LL << length) - 1);
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long n;
        int start, length;
        std::cin >> n >> start >> length;
        long long result = extractField(n, start, length);
        if (result < 0) std::cout << "invalid\n";
        else std::cout << result << "\n";
    }
    return 0;
}
