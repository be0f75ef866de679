#include <iostream>
#include <vector>

long long floorDiv(long long a, long long b) {
    long long d = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) d--;
    return d;
}

std::vector<long long> continuedFraction(long long p, long long q) {
    std::vector<long long> terms;
    while (q != 0) {
        long long a = floorDiv(p, q);
        terms.push_back(a);
        long long r = p - a * q;
        p = q;
        q = r;
    }
    return terms;
}

int main() {
    long long p, q;
    while (std::cin >> p >> q) {
        if (q <= 0) {
            std::cout << "invalid\n";
            continue;
        }
        std::vector<long long> terms = continuedFraction(p, q);
        for (size_t i = 0; i < terms.size(); i++) std::cout << (i ? " " : "") << terms[i];
        std::cout << "\n";
    }
    return 0;
}
