#include <iostream>
#include <vector>

long long sortCount(std::vector<int>& a, std::vector<int>& tmp, int lo, int hi) {
    if (hi - lo < 2) return 0;
    int mid = lo + (hi - lo) / 2;
    long long count = sortCount(a, tmp, lo, mid) + sortCount(a, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (a[i] <= a[j]) {
            tmp[k++] = a[i++];
        } else {
            tmp[k++] = a[j++];
            count += mid - i;
        }
    }
    while (i < mid) tmp[k++] = a[i++];
    while (j < hi) tmp[k++] = a[j++];
    for (int t = lo; t < hi; t++) a[t] = tmp[t];
    return count;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> values(n), tmp(n);
    for (int& v : values) std::cin >> v;
    std::cout << sortCount(values, tmp, 0, n) << "\n";
    return 0;
}
